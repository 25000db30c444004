export { IconBell as default } from '@tabler/icons-react';
