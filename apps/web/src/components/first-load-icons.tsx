import type { SVGProps } from 'react';

/*
 * The logged-out pages' icons, drawn as plain SVG: Tabler's paths (MIT, @tabler/icons-react), without its
 * component factory, which the sign-in page's first load would carry for them alone (ADR 003).
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export const svgIcon = (filled: boolean, paths: string[]) => {
  const Icon = ({ size = 24, ...rest }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
  return Icon;
};

export const SunIcon = svgIcon(false, [
  'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
  'M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7',
]);
export const MoonIcon = svgIcon(false, [
  'M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454l0 .008',
]);
