import type { ReactNode } from 'react';
import { Link as RACLink, type LinkProps as RACLinkProps } from 'react-aria-components/Link';
import * as styles from './Link.css';

export interface LinkProps extends Omit<RACLinkProps, 'className' | 'children'> {
  children: ReactNode;
  /** @default 'inline' */
  variant?: keyof typeof styles.variant;
  /** Opens in a new tab with rel="noopener noreferrer". @default false */
  external?: boolean;
  className?: string;
}

/**
 * RAC Link. With `href` it is a real anchor; with only `onPress` it is a link-looking control
 * that the router (or machine) handles.
 */
export function Link({ children, variant = 'inline', external = false, className, ...rest }: LinkProps) {
  const cls = [styles.variant[variant], className].filter(Boolean).join(' ');
  return (
    <RACLink {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} className={cls}>
      {children}
    </RACLink>
  );
}
