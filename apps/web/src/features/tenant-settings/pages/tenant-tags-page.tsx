import { TenantListPage } from '@/features/tenant-settings/components/tenant-list-page';

/** /tenants/tags/{id}: the tenant's tags (the shared list page). */
export default function TenantTagsPage() {
  return <TenantListPage kind="tags" />;
}
