import { TenantListPage } from '@/features/tenant-settings/components/tenant-list-page';

/** /tenants/departments/{id}: the tenant's departments (the shared list page). */
export default function TenantDepartmentsPage() {
  return <TenantListPage kind="departments" />;
}
