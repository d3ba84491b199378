import type { EntityManager } from 'typeorm';

/**
 * Routing numbers the bank lookup knows (decisions: "a bank table filled by the seed"). Public ABA routing
 * numbers of large US banks; every one passes the checksum (banks.seed.spec.ts).
 */
export const SEED_BANKS: ReadonlyArray<{ routingNumber: string; name: string }> = [
  { routingNumber: '011000015', name: 'Federal Reserve Bank of Boston' },
  { routingNumber: '021000021', name: 'JPMorgan Chase Bank' },
  { routingNumber: '026009593', name: 'Bank of America' },
  { routingNumber: '121000248', name: 'Wells Fargo Bank' },
  { routingNumber: '021000089', name: 'Citibank' },
  { routingNumber: '091000022', name: 'U.S. Bank' },
  { routingNumber: '043000096', name: 'PNC Bank' },
  { routingNumber: '061000104', name: 'Truist Bank' },
  { routingNumber: '031176110', name: 'Capital One' },
  { routingNumber: '011075150', name: 'Santander Bank' },
];

export async function seedBanks(m: EntityManager): Promise<void> {
  for (const b of SEED_BANKS) {
    await m.query('INSERT INTO bank (routing_number, name) VALUES ($1, $2) ON CONFLICT (routing_number) DO UPDATE SET name = EXCLUDED.name', [b.routingNumber, b.name]);
  }
}
