import { useRef } from 'react';
import { useAppDispatch } from '../hooks';
import { snackbarShown } from '../layout/layoutSlice';

/**
 * The save of a create-or-edit dialog (run inside `useForm().submit`): writes the record (`existing` null:
 * create), then what belongs to it under the saved id (`then`: custom field values), then shows `savedText`
 * and closes.
 * When that second step fails after a create, the dialog stays open with the failure and the next save
 * updates the record just created instead of creating another.
 */
export function useRecordSave<T extends { id: number }>(record: T | null, onClose: () => void) {
  const dispatch = useAppDispatch();
  const created = useRef<T | null>(null);
  return async (
    write: (existing: T | null) => Promise<T>,
    savedText: string,
    then?: (saved: T) => Promise<void>,
  ): Promise<void> => {
    const saved = await write(record ?? created.current);
    if (!record) created.current = saved;
    await then?.(saved);
    dispatch(snackbarShown({ message: savedText, variant: 'success' }));
    onClose();
  };
}
