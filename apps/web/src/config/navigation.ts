import type { Role } from '@callwise/shared/roles';
import {
  CalendarDaysIcon,
  CircleHelpIcon,
  CodeXmlIcon,
  FileTextIcon,
  HistoryIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MegaphoneIcon,
  MessageSquareIcon,
  SettingsIcon,
  UsersIcon,
} from 'lucide-react';
import { type AppPath, paths } from '@/config/paths';

export interface NavItem {
  title: string;
  href: AppPath;
  icon: LucideIcon;
  /** The role it needs at least (decision 035): hidden from the others, and until the role is known. */
  minimumRole?: Role;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** The signed-in workspace sidebar (product spec section 2, "Sidebar"). */
export const workspaceNavigation: NavGroup[] = [
  {
    label: 'Main Menu',
    items: [
      { title: 'Dashboard', href: paths.dashboard, icon: LayoutDashboardIcon },
      { title: 'Contacts', href: paths.contacts, icon: UsersIcon },
      { title: 'Appointments', href: paths.appointments, icon: CalendarDaysIcon },
      { title: 'Scripts', href: paths.scripts, icon: FileTextIcon },
      { title: 'Call History', href: paths.callHistory, icon: HistoryIcon },
      { title: 'Messages', href: paths.messages, icon: MessageSquareIcon },
      { title: 'Campaigns', href: paths.campaigns, icon: MegaphoneIcon },
      // The documentation is public, but API keys are an admin's: staff are not pointed to it.
      { title: 'API', href: paths.api, icon: CodeXmlIcon, minimumRole: 'admin' },
    ],
  },
  {
    label: 'Support',
    items: [
      { title: 'Settings', href: paths.settings, icon: SettingsIcon },
      { title: 'Help', href: paths.help, icon: CircleHelpIcon },
    ],
  },
];

/** Links in the public header. */
export const publicNavigation: { title: string; href: AppPath }[] = [
  { title: 'Pricing', href: paths.pricing },
  { title: 'About', href: paths.about },
];
