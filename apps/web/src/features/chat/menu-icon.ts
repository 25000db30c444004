// The module's menu icon; app/module-icons.tsx finds it by this file's name.
export { IconMessages as default } from '@tabler/icons-react';
