import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import * as styles from './Button.css';

export interface LightButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children' | 'onClick'> {
  children: ReactNode;
  /** @default 'primary' */
  variant?: keyof typeof styles.variant;
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** @default false */
  fullWidth?: boolean;
  onPress?: () => void;
  className?: string;
}

/**
 * The Button's look on a native <button>, without react-aria: for the landing page, whose first
 * load must stay small (issue 2: at most 120 KiB of gzipped JS). It sets the same data attributes
 * RAC sets (hovered by mouse only, pressed, focus-visible), so one stylesheet serves both.
 * Use `Button` everywhere else.
 */
export function LightButton({ children, variant = 'primary', size = 'md', fullWidth = false, onPress, className, type = 'button', ...rest }: LightButtonProps) {
  const [hovered, setHovered] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [focusVisible, setFocusVisible] = useState(false);
  const cls = [styles.variant[variant], styles.size[size], fullWidth ? styles.fullWidth : undefined, className].filter(Boolean).join(' ');
  const flag = (on: boolean) => (on ? '' : undefined);
  return (
    <button
      {...rest}
      type={type}
      className={cls}
      data-hovered={flag(hovered)}
      data-pressed={flag(pressed)}
      data-focus-visible={flag(focusVisible)}
      data-disabled={flag(Boolean(rest.disabled))}
      onClick={() => onPress?.()}
      onPointerEnter={(e) => setHovered(e.pointerType === 'mouse')}
      onPointerLeave={() => {
        setHovered(false);
        setPressed(false);
      }}
      onPointerDown={() => setPressed(true)}
      onPointerUp={() => setPressed(false)}
      onPointerCancel={() => setPressed(false)}
      onFocus={(e) => setFocusVisible(e.currentTarget.matches(':focus-visible'))}
      onBlur={() => setFocusVisible(false)}
    >
      {children}
    </button>
  );
}
