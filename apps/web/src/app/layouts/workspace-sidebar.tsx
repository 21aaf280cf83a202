import { PRODUCT_NAME } from '@callwise/shared/product';
import { type Role, roleAllows } from '@callwise/shared/roles';
import { LogOutIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { LogoMark } from '@/components/logo';
import { Badge } from '@/components/ui/badge';
import {
  Sidebar,
  SidebarContent,
  SidebarExpandedOnly,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
  useSidebar,
} from '@/components/ui/sidebar';
import { workspaceNavigation } from '@/config/navigation';
import { paths } from '@/config/paths';

const groupLabelId = (label: string) => `sidebar-group-${label.toLowerCase().replace(/\s+/g, '-')}`;

export interface WorkspaceSidebarProps {
  /** The plan's calls left ("Trial: 7/10 calls remaining"); null while unknown. */
  usage: string | null;
  email: string | null;
  /** The member's role: entries it cannot use are left out (all that need a role, while it is unknown). */
  role: Role | null;
  onSignOut: () => void;
}

export function WorkspaceSidebar({ usage, email, role, onSignOut }: WorkspaceSidebarProps) {
  const { isMobile, setOpenMobile } = useSidebar();
  const closeDrawer = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar label="Workspace navigation">
      <SidebarHeader className="gap-3 pb-0">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip={PRODUCT_NAME}>
              <Link to={paths.home} onClick={closeDrawer}>
                <LogoMark className="size-8!" />
                <span className="text-lg font-semibold tracking-tight text-foreground">{PRODUCT_NAME}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
        <SidebarExpandedOnly className="min-h-6 px-1">
          {usage && (
            <Badge
              variant="secondary"
              className="w-full justify-start px-2.5 py-1 text-left whitespace-normal"
              data-testid="trial-badge"
            >
              {usage}
            </Badge>
          )}
        </SidebarExpandedOnly>
      </SidebarHeader>

      <SidebarContent>
        <nav aria-label="Workspace">
          {workspaceNavigation.map((group) => (
            <SidebarGroup key={group.label}>
              <SidebarGroupLabel id={groupLabelId(group.label)}>{group.label}</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu aria-labelledby={groupLabelId(group.label)}>
                  {group.items
                    .filter(
                      (item) => !item.minimumRole || (role !== null && roleAllows(role, item.minimumRole)),
                    )
                    .map((item) => (
                      <SidebarMenuItem key={item.href}>
                        <SidebarMenuButton asChild tooltip={item.title}>
                          <NavLink to={item.href} onClick={closeDrawer}>
                            <item.icon aria-hidden="true" />
                            <span>{item.title}</span>
                          </NavLink>
                        </SidebarMenuButton>
                      </SidebarMenuItem>
                    ))}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>

      <SidebarSeparator />
      <SidebarFooter>
        {email && (
          <SidebarExpandedOnly className="px-2 pt-1">
            <p className="text-xs text-muted-foreground">Signed in as</p>
            <p className="truncate text-sm font-medium text-foreground" title={email}>
              {email}
            </p>
          </SidebarExpandedOnly>
        )}
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Sign Out" onClick={onSignOut} type="button">
              <LogOutIcon aria-hidden="true" />
              <span>Sign Out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}
