import type { ReactNode } from 'react';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Messages } from '@bp/api/contracts';

/** The button's explanation on hover and focus (loaded after hydration, see ReturnToMyAccount). */
export default function ReturnToMyAccountTooltip({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content sideOffset={6} className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow">
            {Messages.logOutFromImpersonation}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
