import { SqlTable } from '../../core/database/sql-table';

export interface OptionItemEntity {
  type: string;
  id: number;
  text: string;
  sortOrder: number;
}

export const optionItemTable = new SqlTable<OptionItemEntity>(
  'option_item',
  {
    type: 'type',
    id: 'id',
    text: 'text',
    sortOrder: 'sort_order',
  },
  false,
  null,
);

