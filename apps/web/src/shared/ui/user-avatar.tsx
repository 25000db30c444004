import { Avatar, type AvatarProps } from '@mantine/core';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The user's picture, or their initials on the brand colour. */
export function UserAvatar({ name, src, ...props }: { name: string; src?: string | null } & AvatarProps) {
  return (
    <Avatar src={src || null} alt={name} color="brand" variant="light" radius={1000} {...props}>
      {initials(name)}
    </Avatar>
  );
}
