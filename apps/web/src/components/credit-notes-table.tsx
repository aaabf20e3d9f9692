import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { CreditNote, Endpoint } from '@proxydesk/contract';
import { formatDateTime, formatEuro } from '../lib/format';
import { PdfButton } from './pdf-button';

/** An invoice's credit notes (issue #30 §2): number, date, amount, why, and each one's PDF. */
export const CreditNotesTable = ({ notes, pdf }: { notes: CreditNote[]; pdf: Endpoint }) => (
  <Table.ScrollContainer minWidth={340} type="native">
    <Table verticalSpacing="xs" data-testid="credit-notes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Credit note</Table.Th>
          <Table.Th visibleFrom="sm">Issued</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">
            <VisuallyHidden>PDF</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {notes.map((note) => (
          <Table.Tr key={note.id}>
            <Table.Td>
              <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {note.number}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm">{formatDateTime(note.created)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{note.reason}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                −{formatEuro(note.amount)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <PdfButton endpoint={pdf} params={{ id: note.id }} name={note.number} size="xs" />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
