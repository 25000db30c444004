// The module's menu icon; app/module-icons.tsx finds it by this file's name.
export { IconRocket as default } from '@tabler/icons-react';
