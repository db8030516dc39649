/** The product's square mark, as in the favicon. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={className}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path d="M10 8h9l5 5v11a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2z" fill="#fff" />
      <path d="M12 16h8M12 19.5h8M12 23h5" className="stroke-primary" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
