import { Button, Checkbox, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Which of the footer's actions is running. */
export type FooterBusy = { save: boolean; remove: boolean; publish: boolean; unpublish: boolean };

/**
 * The event dialog's footer: delete (asked twice), publish or unpublish (a series' whole run on
 * request), close and save. The dialog runs the mutations; the footer only asks for them.
 */
export function EventFooter({
  loaded,
  readOnly,
  isSeries,
  busy,
  onDelete,
  onPublish,
  onClose,
}: {
  loaded: { readonly published?: boolean | null } | null;
  readOnly: boolean;
  isSeries: boolean;
  busy: FooterBusy;
  onDelete: () => void;
  onPublish: (published: boolean, wholeSeries: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [wholeSeries, setWholeSeries] = useState(false);
  return (
    <Flex justify="space-between" wrap="wrap" gap="2" w="full">
      <Flex gap="2" wrap="wrap" align="center">
        {loaded && !readOnly && (
          <>
            {confirmDelete ? (
              <Flex gap="2" align="center" wrap="wrap" data-testid="delete-confirm">
                <Text fontSize="sm" color="fg.error">
                  {t('calendarUi.deleteConfirm')}
                </Text>
                <Button size="sm" colorPalette="red" loading={busy.remove} onClick={() => onDelete()} data-testid="delete-yes">
                  {t('calendarUi.delete')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(false)}>
                  {t('calendarUi.cancel')}
                </Button>
              </Flex>
            ) : (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)} data-testid="event-delete">
                {t('calendarUi.delete')}
              </Button>
            )}
            {loaded.published ? (
              <Button size="sm" variant="outline" loading={busy.unpublish} onClick={() => onPublish(false, wholeSeries)} data-testid="event-unpublish">
                {t('calendarUi.unpublish')}
              </Button>
            ) : (
              <Button size="sm" variant="outline" colorPalette="green" loading={busy.publish} onClick={() => onPublish(true, wholeSeries)} data-testid="event-publish">
                {t('calendarUi.publish')}
              </Button>
            )}
            {isSeries && (
              <Checkbox.Root size="sm" checked={wholeSeries} onCheckedChange={(e) => setWholeSeries(!!e.checked)} data-testid="publish-whole-series">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('calendarUi.wholeSeries')}</Checkbox.Label>
              </Checkbox.Root>
            )}
          </>
        )}
      </Flex>
      <Flex gap="2" ml="auto">
        <Button variant="outline" onClick={onClose}>
          {readOnly ? t('calendarUi.close') : t('calendarUi.cancel')}
        </Button>
        {!readOnly && (
          <Button type="submit" colorPalette="blue" loading={busy.save} data-testid="event-save">
            {t('calendarUi.save')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
