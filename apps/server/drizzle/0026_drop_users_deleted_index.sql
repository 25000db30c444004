-- No statement's plan used it (bench/users-deleted-index.ts): the tenants list reads live counts from
-- tenant_member_counts since 0020, and every other read asks for deleted_at is null.
DROP INDEX "users_deleted_idx";