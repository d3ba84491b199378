import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type PointerEvent, type ReactNode } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import { isSignatureLargeEnough } from '@bp/api/contracts';
import { Alert, inputClass, labelClass, secondaryButtonClass } from '~/components/ui';
import { SIGNATURE_INDEX, WIZARD_STEPS } from '~/lib/registration-steps';
import type { BeneficiaryList } from '~/lib/beneficiaries.server';
import type { SummaryData } from '~/lib/forms.server';
import { ElectionsReview } from './ElectionsReview';
import { WizardActions } from './WizardActions';

const PAD_HEIGHT = 200;
const INK = '#0f172a';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box around every painted pixel (the "trimmed canvas"), in canvas pixels; null when blank. */
function trimmedBox(canvas: HTMLCanvasElement): Box | null {
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0 || canvas.height === 0) return null;
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! > 0) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** The trimmed drawing as a PNG data URL at CSS-pixel scale, which keeps it a few kilobytes. */
function trimmedPng(canvas: HTMLCanvasElement, box: Box, ratio: number): string {
  const pad = 4;
  const out = document.createElement('canvas');
  out.width = Math.ceil(box.width / ratio) + pad * 2;
  out.height = Math.ceil(box.height / ratio) + pad * 2;
  out.getContext('2d')?.drawImage(canvas, box.x, box.y, box.width, box.height, pad, pad, out.width - pad * 2, out.height - pad * 2);
  return out.toDataURL('image/png');
}

/**
 * Registration step 7, Signature: what is being signed shown above the pad.
 */
export function SignatureStep({ error, backTo, summary, beneficiaries }: { error: string | null; backTo: string; summary: SummaryData; beneficiaries: BeneficiaryList }) {
  return (
    <SignatureForm
      title={WIZARD_STEPS[SIGNATURE_INDEX]}
      instructions="By signing you confirm that the elections, dependents and beneficiaries shown above are correct. Sign in the box with your mouse, finger or pen, or type your full name below it."
      error={error}
      backTo={backTo}
    >
      <ElectionsReview summary={summary} beneficiaries={beneficiaries} />
    </SignatureForm>
  );
}

/**
 * A signature pad in a wizard step (registration step 7, onboarding's Signature): drawn with a mouse, a
 * finger or a pen (pointer events cover all three), or typed for people who cannot draw. Next stays
 * disabled until the trimmed drawing is larger than 1x1, and a change of the pad's width clears it (the
 * strokes would no longer fit). The trimmed image is posted with the form as `signature`; a failed save
 * shows the error given.
 */
export function SignatureForm({
  title,
  instructions,
  error,
  backTo,
  screen = 'signature',
  children,
  formFields,
  nextLabel,
}: {
  /** The submit button's text (the life-event wizard's last step says Finish). */
  nextLabel?: string;
  title: string;
  instructions: string;
  error: string | null;
  backTo?: string;
  /** The form's screen name for the route's action. */
  screen?: string;
  /** What is being signed, above the pad. */
  children?: ReactNode;
  /** Fields posted with the signature (the termination's), inside the form. */
  formFields?: ReactNode;
}) {
  const busy = useNavigation().state === 'submitting';
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const signatureRef = useRef<HTMLInputElement>(null);
  const typedRef = useRef<HTMLInputElement>(null);
  const drawing = useRef<{ id: number; x: number; y: number } | null>(null);
  const widthRef = useRef(0);
  const [signed, setSigned] = useState(false);
  const instructionsId = useId();
  const typedId = useId();

  const ratio = () => (typeof window === 'undefined' ? 1 : Math.max(1, Math.min(window.devicePixelRatio || 1, 3)));

  const context = useCallback(() => {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.setTransform(ratio(), 0, 0, ratio(), 0, 0);
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
    }
    return ctx;
  }, []);

  const check = useCallback(() => {
    const canvas = canvasRef.current;
    const box = canvas ? trimmedBox(canvas) : null;
    setSigned(box !== null && isSignatureLargeEnough(box.width, box.height));
  }, []);

  const clear = useCallback(() => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    if (typedRef.current) typedRef.current.value = '';
    setSigned(false);
  }, []);

  // Sizes the pad to its box; a new width (a resize, a rotation) clears the signature.
  useEffect(() => {
    const wrap = wrapRef.current;
    const canvas = canvasRef.current;
    if (!wrap || !canvas) return;
    const fit = () => {
      const width = Math.floor(wrap.clientWidth);
      if (width === widthRef.current) return;
      widthRef.current = width;
      canvas.width = width * ratio();
      canvas.height = PAD_HEIGHT * ratio();
      canvas.style.height = `${PAD_HEIGHT}px`;
      drawing.current = null;
      if (typedRef.current) typedRef.current.value = '';
      setSigned(false);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const p = point(event);
    drawing.current = { id: event.pointerId, ...p };
    const ctx = context();
    // A tap leaves a dot, like a pen would.
    ctx?.beginPath();
    ctx?.arc(p.x, p.y, 1.25, 0, Math.PI * 2);
    ctx?.fill();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const last = drawing.current;
    if (!last || last.id !== event.pointerId) return;
    const ctx = context();
    if (!ctx) return;
    // Coalesced events keep fast strokes smooth on touch screens and pens.
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const rect = event.currentTarget.getBoundingClientRect();
    const points = events.length > 0 ? events.map((e) => ({ x: e.clientX - rect.left, y: e.clientY - rect.top })) : [point(event)];
    ctx.beginPath();
    ctx.moveTo(last.x, last.y);
    for (const p of points) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    const end = points[points.length - 1]!;
    drawing.current = { id: last.id, ...end };
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current?.id !== event.pointerId) return;
    drawing.current = null;
    check();
  };

  // Typing a name writes it on the pad in a handwriting face: the same image, without a pointer.
  const onTyped = (value: string) => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) return;
    ctx.clearRect(0, 0, canvas.width / ratio(), canvas.height / ratio());
    const name = value.trim();
    if (name) {
      ctx.font = 'italic 40px "Segoe Script", "Brush Script MT", "Apple Chancery", cursive';
      ctx.textBaseline = 'middle';
      ctx.fillText(name, 16, PAD_HEIGHT / 2, canvas.width / ratio() - 32);
    }
    check();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const canvas = canvasRef.current;
    const box = canvas ? trimmedBox(canvas) : null;
    if (!canvas || !box || !isSignatureLargeEnough(box.width, box.height) || !signatureRef.current) {
      event.preventDefault();
      setSigned(false);
      return;
    }
    signatureRef.current.value = trimmedPng(canvas, box, ratio());
  };

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
      <p id={instructionsId} className="mt-4 text-sm text-slate-700">
        {instructions}
      </p>
      {error ? (
        <Alert tone="error" className="mt-4" resetKey={error}>
          {error}
        </Alert>
      ) : null}
      <noscript>
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">Signing needs JavaScript to be turned on in your browser.</p>
      </noscript>
      <div ref={wrapRef} className="mt-4 w-full">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={signed ? 'Signature pad, signed' : 'Signature pad, empty'}
          aria-describedby={instructionsId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          className="block h-[200px] w-full cursor-crosshair touch-none rounded-lg border-2 border-dashed border-slate-400 bg-white"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor={typedId} className={labelClass}>
            Or type your full name
          </label>
          <input ref={typedRef} id={typedId} type="text" autoComplete="name" onInput={(event) => onTyped(event.currentTarget.value)} className={inputClass} />
        </div>
        <button type="button" onClick={clear} className={secondaryButtonClass}>
          Clear
        </button>
      </div>
      <Form method="post" onSubmit={onSubmit}>
        <input type="hidden" name="screen" value={screen} />
        <input ref={signatureRef} type="hidden" name="signature" />
        {formFields}
        <WizardActions backTo={backTo} busy={busy} nextDisabled={!signed} {...(nextLabel ? { next: nextLabel } : {})} />
      </Form>
    </div>
  );
}
