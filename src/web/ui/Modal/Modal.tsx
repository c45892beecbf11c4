import type { ReactNode } from 'react';
import { Button as RACButton, Dialog, Heading, Modal as RACModal, ModalOverlay } from 'react-aria-components/Modal';
import * as styles from './Modal.css';

export interface ModalProps {
  isOpen: boolean;
  /** Called with false when the person closes it (Esc, overlay click, close icon). */
  onOpenChange: (isOpen: boolean) => void;
  /** The dialog's heading and accessible name (e.g. 'Conta de luz enviada!'). */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons under the content (e.g. an 'Entendi' Button). */
  footer?: ReactNode;
  /**
   * While true the modal cannot be closed: Esc, overlay click and the close icon do nothing
   * (spec §2 "Other UI"). @default false
   */
  isLoading?: boolean;
  /** Hide the close icon (a modal that must be answered with its own buttons). @default false */
  hideCloseButton?: boolean;
  /** Allow closing by clicking the overlay. @default true */
  isDismissable?: boolean;
  /** sm 420, md 560, lg 1000, xl 1200 px (contract-signing widths). @default 'md' */
  size?: keyof typeof styles.width;
  /** 'alertdialog' for confirmations that interrupt. @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * The portal's modal dialog (RAC ModalOverlay + Modal + Dialog). Closes by Esc, overlay click or
 * the close icon, and not while `isLoading`. Focus is trapped inside and restored on close.
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  footer,
  isLoading = false,
  hideCloseButton = false,
  isDismissable = true,
  size = 'md',
  role = 'dialog',
  className,
}: ModalProps) {
  const close = () => {
    if (!isLoading) onOpenChange(false);
  };
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (open || !isLoading) onOpenChange(open);
      }}
      isDismissable={isDismissable && !isLoading}
      isKeyboardDismissDisabled={isLoading}
      className={styles.overlay}
    >
      <RACModal className={[styles.modal, styles.width[size], className].filter(Boolean).join(' ')}>
        <Dialog role={role} className={styles.dialog} aria-busy={isLoading || undefined}>
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            {hideCloseButton ? null : (
              <RACButton className={styles.close} aria-label="Fechar" onPress={close} isDisabled={isLoading}>
                <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </RACButton>
            )}
          </div>
          {children !== undefined ? <div className={styles.body}>{children}</div> : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </Dialog>
      </RACModal>
    </ModalOverlay>
  );
}
