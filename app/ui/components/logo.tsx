import type { BrandProfile } from '~/config/brand';

/**
 * The brand's pictogram and name (app/config/brand.ts: a bicycle for cab, a car for flinkster); the
 * configured logo image replaces them when the content service has one.
 */
export function Logo({ brand, logoUrl }: { brand: BrandProfile; logoUrl?: string | null }) {
  if (logoUrl) return <img className="logo" src={logoUrl} alt={brand.name} height={32} />;
  return (
    <span className="logo logo--wordmark" aria-hidden="true">
      <img src={brand.logo} alt="" width={32} height={32} />
      <span className="logo__name">{brand.name}</span>
    </span>
  );
}
