import type { ReactNode, SVGProps } from "react";

// Small decorative line icons (24×24, currentColor). Always aria-hidden: the text next to them
// carries the meaning.
export function Icon({
  children,
  size = 24,
  ...attributes
}: { children: ReactNode; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...attributes}
    >
      {children}
    </svg>
  );
}

export function TargetIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="4.5" />
      <circle cx="12" cy="12" r="0.8" fill="currentColor" />
    </Icon>
  );
}

export function StackIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="m12 3.5 8.5 4.5-8.5 4.5L3.5 8 12 3.5Z" />
      <path d="m3.5 12 8.5 4.5 8.5-4.5" />
      <path d="m3.5 16 8.5 4.5 8.5-4.5" />
    </Icon>
  );
}

export function ShieldSplitIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M12 3 5 5.8v5.4c0 4.4 3 7.9 7 9.3 4-1.4 7-4.9 7-9.3V5.8L12 3Z" />
      <path d="M12 3v17.5" />
    </Icon>
  );
}

export function ArenaIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <rect x="3.5" y="6" width="7" height="12" rx="2" />
      <rect x="13.5" y="6" width="7" height="12" rx="2" />
      <path d="M7 10h.01M17 10h.01M6 14h2M16 14h2" />
    </Icon>
  );
}

export function WrenchIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M14.5 5.5a4 4 0 0 0-5 5L4 16l4 4 5.5-5.5a4 4 0 0 0 5-5l-2.5 2.5-3-1-1-3 2.5-2.5Z" />
    </Icon>
  );
}

export function CompassIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
    </Icon>
  );
}

export function BellIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </Icon>
  );
}
