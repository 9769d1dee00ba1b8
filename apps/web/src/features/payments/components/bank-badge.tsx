import { bankOfCard } from '@madreseh/contract/bank';
import { Badge } from '@mantine/core';

/** The bank of a card number (from its first six digits), in the bank's colour; nothing when unknown. */
export function BankBadge({ cardNumber, fallback }: { cardNumber: string; fallback?: string | null }) {
  const bank = bankOfCard(cardNumber);
  const name = bank?.name ?? fallback;
  if (!name) return null;
  return (
    <Badge
      component="span"
      variant="filled"
      radius="sm"
      color={bank?.color ?? 'gray'}
      styles={{ label: { textTransform: 'none' } }}
      data-testid="bank-badge"
    >
      {name}
    </Badge>
  );
}
