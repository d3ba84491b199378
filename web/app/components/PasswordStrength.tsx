import { passwordStrength, passwordStrengthBand, type PasswordStrengthBand } from '@bp/api/contracts';
import { cx } from '~/lib/cx';

const BAND: Record<PasswordStrengthBand, { label: string; bar: string }> = {
  low: { label: 'Low', bar: 'bg-red-600' },
  medium: { label: 'Medium', bar: 'bg-orange-500' },
  normal: { label: 'Normal', bar: 'bg-yellow-500' },
  good: { label: 'Good', bar: 'bg-lime-600' },
  awesome: { label: 'Awesome', bar: 'bg-green-700' },
};

/** The strength bar under a new password: the spec's scoring and bands (shared with the API's contracts). */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const percent = passwordStrength(password);
  const band = BAND[passwordStrengthBand(percent)];
  return (
    <div id={id} className="mt-2">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${band.label} (${percent}%)`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cx('h-full rounded-full transition-[width]', band.bar)} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-700" aria-live="polite">
        Password strength: <span className="font-semibold">{band.label}</span>
      </p>
    </div>
  );
}
