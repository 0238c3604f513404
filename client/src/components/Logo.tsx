/** The product mark: a mortarboard over an open book, in the theme's blue. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#2563eb" />
      <path d="M32 14 8 25l24 11 24-11z" fill="#fff" />
      <path d="M18 31v9c0 4 6.5 8 14 8s14-4 14-8v-9l-14 6.5z" fill="#bfdbfe" />
      <path d="M52 27v13" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
