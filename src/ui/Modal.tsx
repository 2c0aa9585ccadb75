import type { ComponentProps } from 'react';
import { t } from '../i18n';
import { Modal as SharedModal } from '../../web/Modal';

/** The shared dialog (web/Modal.tsx) with the reader's word for its close button. */
export function Modal(props: Omit<ComponentProps<typeof SharedModal>, 'closeLabel'>) {
  return <SharedModal {...props} closeLabel={t('common.close')} />;
}
