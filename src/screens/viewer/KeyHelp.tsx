/**
 * The key help (the help key, `?` unless remapped): every reader action and
 * its current key, and the keys with a fixed meaning, in the service
 * language. A dialog: focus moves in and comes back when it closes.
 */
import { useContext } from 'react';
import { READER_ACTIONS } from '../../../core/viewer/controls';
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { actionName, ControlsContext, keyName } from './controlsPanel';

export function KeyHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const p = useContext(ControlsContext);
  if (!p) return null;
  const keys = p.keyRemap.context.keys;
  const fixed: Array<[string, string]> = [
    [`${keyName(' ')} / ← →`, t('controls.fixedPaging')],
    ['↑ ↓', t('controls.fixedScroll')],
    [keyName('Escape'), t('controls.fixedEscape')],
    ['0', t('controls.fixedZoom')],
  ];
  return (
    <Modal open={open} onClose={onClose} title={t('controls.help')} className="viewer-modal viewer-help">
      <table className="viewer-help__table" data-testid="viewer-key-help">
        <thead>
          <tr>
            <th scope="col">{t('controls.actionColumn')}</th>
            <th scope="col">{t('controls.keyColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {READER_ACTIONS.map((a) => (
            <tr key={a}>
              <td>{actionName(a)}</td>
              <td>
                <kbd>{keyName(keys[a])}</kbd>
              </td>
            </tr>
          ))}
          {fixed.map(([k, what]) => (
            <tr key={k}>
              <td>{what}</td>
              <td>
                <kbd>{k}</kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="viewer-note">{t('controls.helpNote')}</p>
    </Modal>
  );
}
