import { Affix } from '@mantine/core';
import { InstallPrompt } from './install-prompt';
import classes from './prompts.module.css';
import { UpdatePrompt } from './update-prompt';

/** Both prompts stacked above the mobile bottom bar, or in the bottom right corner on wider screens. */
export default function PromptsPanel() {
  return (
    <Affix className={classes.affix} zIndex={250}>
      <div className={classes.stack}>
        <UpdatePrompt />
        <InstallPrompt />
      </div>
    </Affix>
  );
}
