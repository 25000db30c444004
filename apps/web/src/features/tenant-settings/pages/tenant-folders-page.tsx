import { TenantListPage } from '@/features/tenant-settings/components/tenant-list-page';

/** /tenants/folders/{id}: the tenant's folders (the shared list page). */
export default function TenantFoldersPage() {
  return <TenantListPage kind="folders" />;
}
