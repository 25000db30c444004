import { EMPTY_HOME_CONTENT, type GeneralData, type HomeContent } from '@atrium/contracts';
import { IconNews, IconUsers } from '@tabler/icons-react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { homeContentQuery } from '@/features/home/api/get-home-content';
import { chatUnreadQuery } from '@/shared/api/chat-unread';
import { generalDataQuery } from '@/shared/api/general-data';
import { notificationCountsQuery } from '@/shared/api/notification-counts';
import { acceptAuthResult } from '@/shared/api/session';
import { ModuleIconsProvider } from '@/shared/menu/module-icon';
import { setUiState } from '@/shared/ui-state/ui-state';
import { authResult } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders, setViewportWidth } from '@/test/render';
import HomePage from './home-page';

const TENANT = '1281b56c-18d1-484b-9f61-2d324b63bb40';
const FEATURES = ['News', 'TimeLogs', 'Sprints', 'Notifications', 'Chat'];
const data: GeneralData = {
  imageLogosrc: null,
  imageMobileLogosrc: null,
  features: FEATURES,
  tenantMenuItemsData: FEATURES.map((name) => ({
    name,
    customTitle: name === 'TimeLogs' ? 'Hours' : null,
    customDescription: name === 'TimeLogs' ? '<p>Log your hours by <strong>Friday</strong>.</p>' : null,
  })),
  activeUserData: {
    email: 'user@atrium.test',
    imagePath: null,
    userName: 'Uma',
    surname: 'User',
    tenantSet: true,
    title: '',
    phone: '',
  },
  tenants: [{ id: TENANT, name: 'Northwind Partners' }],
  customTenantProperties: { primaryColor: '#4f46e5' },
};
const EMPTY = EMPTY_HOME_CONTENT;
const FULL: HomeContent = {
  headline: 'Welcome to Northwind',
  logo: {
    fileUrl: '/core/api/media/11111111-1111-4111-8111-111111111111.png',
    fileUrl320: '/core/api/media/22222222-2222-4222-8222-222222222222.png',
    fileUrl800: '/core/api/media/33333333-3333-4333-8333-333333333333.png',
  },
  hasCompressedImage320: true,
  hasCompressedImage800: true,
  pageHtml: '<h2>This week</h2><p>Planning on <strong>Wednesday</strong></p>',
  pageHtml2: '<p>Questions? Ask Ada.</p>',
  descriptionMobile: 'News and hours for the team.',
  videoUrl: 'http://localhost:3000/core/api/media/intro.mp4',
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderHome({
  roles = ['User'],
  content = EMPTY,
  entry = '/home',
}: {
  roles?: ('User' | 'TenantAdmin' | 'Superadmin' | 'PartnerManager')[];
  content?: HomeContent | null;
  entry?: string;
} = {}) {
  const result = authResult({ activeTenantId: TENANT, roles });
  acceptAuthResult(result);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(generalDataQuery(result.user.id, TENANT).queryKey, data);
  queryClient.setQueryData(notificationCountsQuery(result.user.id, TENANT).queryKey, [
    { groupName: 'Notifications', count: 2 },
  ]);
  // Chat's tile counts the unread chat messages, which GET /chat/unread answers.
  queryClient.setQueryData(chatUnreadQuery(result.user.id, TENANT).queryKey, { unread: 5 });
  if (content) queryClient.setQueryData(homeContentQuery(result.user.id, TENANT).queryKey, content);
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <ModuleIconsProvider icons={{ news: IconNews, users: IconUsers }}>
        <HomePage />
        <Where />
      </ModuleIconsProvider>
    </MemoryRouter>,
    { queryClient },
  );
  return { ...view, queryClient, userId: result.user.id };
}

const tileLinks = () =>
  screen
    .getAllByRole('link')
    .map((t) => t.getAttribute('href'))
    .filter((h) => h && !h.startsWith('?'));

beforeEach(() => setUiState({ darkMode: false }));

describe('/home on a phone without tiles', () => {
  it("gives a partner manager the desktop's content below the description, not a blank page", () => {
    setViewportWidth(375);
    renderHome({ roles: ['PartnerManager'], content: FULL });
    expect(screen.getByText(FULL.descriptionMobile!)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Northwind' })).toBeInTheDocument();
    expect(screen.getByText('Questions? Ask Ada.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Hours/ })).not.toBeInTheDocument();
  });
});

describe('/home on desktop', () => {
  it("with empty content shows the heading 'home', the hint 'useMenu' and the tiles below, never an empty page", () => {
    setViewportWidth(1280);
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Use the menu to find your way around your workspace.')).toBeInTheDocument();
    expect(tileLinks()).toEqual(['/news', '/timelogs', '/chat', '/notifications', '/sprints']);
    expect(within(screen.getByRole('link', { name: /Chat/ })).getByText('5')).toBeInTheDocument();
  });

  it("opens a tile's feature description from its info button, and only where the tenant wrote one", async () => {
    setViewportWidth(1280);
    renderHome();
    expect(screen.queryByRole('button', { name: 'About News' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'About Hours' }));
    expect((await screen.findByText('Friday')).tagName).toBe('STRONG');
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
  });

  it('counts only headline, logo, body and video: a second block alone still shows the default heading', () => {
    setViewportWidth(1280);
    renderHome({ content: { ...EMPTY, pageHtml2: '<p>Only the second block</p>', descriptionMobile: 'm' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByText('Only the second block')).not.toBeInTheDocument();
  });

  it('shows the headline, the stored rich text, the logo with its copies, the sandboxed video and the second block', () => {
    setViewportWidth(1280);
    renderHome({ content: FULL });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Northwind' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'This week' })).toBeInTheDocument();
    expect(screen.getByText('Wednesday').tagName).toBe('STRONG');
    expect(screen.getByText('Questions? Ask Ada.')).toBeInTheDocument();
    expect(screen.queryByText('Use the menu to find your way around your workspace.')).not.toBeInTheDocument();
    const logo = screen.getByRole('img', { name: 'Northwind Partners logo' });
    expect(logo).toHaveAttribute('src', FULL.logo!.fileUrl);
    expect(logo).toHaveAttribute('srcset', `${FULL.logo!.fileUrl320} 320w, ${FULL.logo!.fileUrl800} 800w`);
    const video = screen.getByTitle('Northwind Partners video');
    expect(video.tagName).toBe('IFRAME');
    expect(video).toHaveAttribute('src', FULL.videoUrl);
    // Atrium's own address plays with no sandbox rights at all.
    expect(video).toHaveAttribute('sandbox', '');
    // The tiles follow the content.
    expect(screen.getByRole('link', { name: /Hours/ })).toBeInTheDocument();
    // The mobile text is for phones only.
    expect(screen.queryByText(FULL.descriptionMobile!)).not.toBeInTheDocument();
  });

  it('gives a video from an allowed outside host only its own origin’s rights', () => {
    setViewportWidth(1280);
    renderHome({ content: { ...FULL, videoUrl: 'https://player.vimeo.com/video/1' } });
    expect(screen.getByTitle('Northwind Partners video')).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-presentation',
    );
  });

  it('keeps the content’s place blank while it loads, instead of flashing the default heading', async () => {
    setViewportWidth(1280);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderHome({ content: null });
    expect(await screen.findByLabelText('Loading…')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading', { name: 'Home' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Hours/ })).toBeInTheDocument();
  });

  it("shows a super administrator, who has no tiles, only the heading 'home' with the hint 'useMenu'", () => {
    setViewportWidth(1280);
    renderHome({ roles: ['Superadmin'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /News/ })).not.toBeInTheDocument();
  });

  it('updates titles and content when general data and home content change (as after TenantChanged)', async () => {
    setViewportWidth(1280);
    const { queryClient, userId } = renderHome();
    queryClient.setQueryData(generalDataQuery(userId, TENANT).queryKey, {
      ...data,
      tenantMenuItemsData: [{ name: 'News', customTitle: 'Newsroom' }],
    });
    queryClient.setQueryData(homeContentQuery(userId, TENANT).queryKey, { ...EMPTY, headline: 'Fresh headline' });
    expect(await screen.findByRole('link', { name: /Newsroom/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fresh headline' })).toBeInTheDocument();
  });
});

describe('/home on mobile', () => {
  it('shows the logo, the mobile description and a tile per menu item with custom titles, counts and the tenant colour', () => {
    setViewportWidth(375);
    renderHome({ content: FULL });
    expect(screen.getByRole('img', { name: 'Northwind Partners logo' })).toBeInTheDocument();
    expect(screen.getByText('News and hours for the team.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Northwind' })).not.toBeInTheDocument();
    expect(tileLinks()).toEqual(['/news', '/timelogs', '/chat', '/notifications', '/sprints']);
    expect(screen.getByRole('link', { name: /Hours/ })).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Chat/ })).getByText('5')).toBeInTheDocument();
    const icon = screen.getByRole('link', { name: /News/ }).querySelector('svg');
    expect(icon).toHaveAttribute('stroke', '#4f46e5');
    expect(icon).toHaveClass('tabler-icon-news');
  });

  it('shows the tenant name without a logo', () => {
    setViewportWidth(375);
    renderHome();
    expect(screen.getByRole('heading', { name: 'Northwind Partners' })).toBeInTheDocument();
  });

  it('keeps the heading for a super administrator, whose home has no menu tiles', () => {
    setViewportWidth(375);
    renderHome({ roles: ['Superadmin'] });
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /News/ })).not.toBeInTheDocument();
  });

  it('opens the admin submenu through subMenuOpened, merged into the current query, and closes it again', async () => {
    setViewportWidth(375);
    renderHome({ roles: ['TenantAdmin'], entry: '/home?tab=2' });
    await userEvent.click(screen.getByRole('link', { name: /Admin panel/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/home?tab=2&subMenuOpened=admin');
    expect(screen.getByRole('link', { name: /Users/ })).toHaveAttribute('href', '/users');
    expect(screen.queryByRole('link', { name: /News/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Back to all tiles/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/home?tab=2');
    expect(screen.getByRole('link', { name: /News/ })).toBeInTheDocument();
  });
});
