import { SqlTable } from '../../core/database/sql-table';

export interface Agency {
  id: number;
  name: string;
  logoUrl: string | null;
  website: string | null;
}

export const agencyTable = new SqlTable<Agency>(
  'agency',
  {
    id: { name: 'id', generated: true },
    name: 'name',
    logoUrl: 'logo_url',
    website: 'website',
  },
  false,
  null,
);

