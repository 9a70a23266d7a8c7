interface BrandLogoProps {
  size?: number;
  /** Background of the mark; the parcel outline is drawn in white. */
  color: string;
}

/** The portal's mark: a parcel on a rounded tile in the theme colour. */
export function BrandLogo({ size = 32, color }: BrandLogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={color} />
      <path
        d="M32 12 50 22v20L32 52 14 42V22z"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="M14 22l18 10 18-10M32 32v20"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinejoin="round"
      />
    </svg>
  );
}
