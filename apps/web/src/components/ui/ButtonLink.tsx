import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'secondary' | 'accent' | 'danger' | 'ghost';

export interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  block?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** An in-app link that looks like a Button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant = 'primary', block, size = 'md', className, ...rest }: ButtonLinkProps) {
  const classes = [
    'btn',
    `btn--${variant}`,
    size === 'md' ? '' : `btn--${size}`,
    block ? 'btn--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return <Link className={classes} {...rest} />;
}
