/** The Gauntlet mark: a shield split by a diagonal strike. Decorative unless given a label. */
export function LogoMark({ size = 28, label }: { size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path
        d="M16 2 4 6.5v8.2c0 7.4 5 13.2 12 15.3 7-2.1 12-7.9 12-15.3V6.5L16 2Z"
        fill="var(--color-accent, #b42318)"
      />
      <path
        d="M10.5 21.5 21.5 10.5"
        stroke="var(--color-on-accent, #fff)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="21.5" cy="21" r="2.2" fill="var(--color-on-accent, #fff)" />
    </svg>
  );
}
