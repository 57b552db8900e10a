import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { layoutCopy } from "./copy";

/**
 * The header's Corporate entry: plans, the free trial and sign-in. It loads
 * when first pressed, so it opens as it mounts.
 */
export function CorporateMenu(props: { defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const items: [string, string][] = [
    [layoutCopy.corporateMenu.plans, paths.corporateBenefits],
    [layoutCopy.corporateMenu.trial, paths.corporateTrial],
    [layoutCopy.corporateMenu.signIn, paths.corporateLogin],
  ];
  return (
    <DropdownMenu.Root defaultOpen={props.defaultOpen}>
      <DropdownMenu.Trigger className="header-menu-trigger">
        {layoutCopy.corporate}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {items.map(([label, to]) => (
            <DropdownMenu.Item key={to} className="menu-item" onSelect={() => navigate(to)}>
              {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
