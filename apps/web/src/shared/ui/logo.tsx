import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@/shared/config/ui';
import classes from './logo.module.css';

/** Atrium's mark: an open hall under an arch. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className={classes.mark}>
      <rect width="32" height="32" rx="9" className={classes.tile} />
      <path d="M8 24V15.5a8 8 0 0 1 16 0V24" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M13.5 24v-6.5a2.5 2.5 0 0 1 5 0V24" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

/** The product logo, or the tenant's own logo when it has one. */
export function Logo({ size = 32, src, withName = true }: { size?: number; src?: string | null; withName?: boolean }) {
  if (src) return <img src={src} alt={PRODUCT_NAME} className={classes.image} style={{ height: size }} />;
  return (
    <Group gap={10} wrap="nowrap" className={classes.logo}>
      <LogoMark size={size} />
      {withName && (
        <Text component="span" fw={700} fz={Math.round(size * 0.6)} lh={1} className={classes.name}>
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
