import type { ReactNode } from 'react';
import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components/Button';
import { Spinner } from '../Spinner/Spinner';
import * as styles from './Button.css';

export type ButtonVariant = keyof typeof styles.variant;

export interface ButtonProps extends Omit<RACButtonProps, 'children' | 'className'> {
  children: ReactNode;
  /**
   * primary: solar amber call to action; secondary: outlined; brand: filled green;
   * link: looks like a link but is a button; ghost: icon/toolbar button.
   * @default 'primary'
   */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Stretch to the container's width (mobile forms). @default false */
  fullWidth?: boolean;
  className?: string;
}

/**
 * The portal's button (RAC Button). `isPending` shows a spinner, keeps the width, blocks presses
 * and is announced by RAC as busy; the label stays in the accessibility tree.
 */
export function Button({ children, variant = 'primary', size = 'md', fullWidth = false, className, isPending, ...rest }: ButtonProps) {
  const cls = [styles.variant[variant], styles.size[size], fullWidth ? styles.fullWidth : undefined, className]
    .filter(Boolean)
    .join(' ');
  return (
    <RACButton {...rest} isPending={isPending} className={cls}>
      {isPending ? (
        <span className={styles.pendingLayer}>
          <span className={styles.pendingLabel}>{children}</span>
          <span className={styles.spinnerSlot}>
            <Spinner size="sm" />
          </span>
        </span>
      ) : (
        children
      )}
    </RACButton>
  );
}
