import type { BrandProfile } from '~/config/brand';

/** The brand's word mark; the configured logo image replaces it when the content service has one. */
export function Logo({ brand, logoUrl }: { brand: BrandProfile; logoUrl?: string | null }) {
  if (logoUrl) return <img className="logo" src={logoUrl} alt={brand.name} height={32} />;
  return (
    <span className="logo logo--wordmark" aria-hidden="true">
      <svg viewBox="0 0 32 32" width="32" height="32" focusable="false">
        <rect width="32" height="32" rx="6" fill="currentColor" />
        <circle cx="10" cy="21" r="5" fill="none" stroke="#fff" strokeWidth="2.5" />
        <circle cx="22" cy="21" r="5" fill="none" stroke="#fff" strokeWidth="2.5" />
        <path d="M10 21 15 11h6l1 10M14 11h4" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      </svg>
      <span className="logo__name">{brand.name}</span>
    </span>
  );
}
