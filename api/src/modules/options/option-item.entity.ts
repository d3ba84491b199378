import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('option_item')
export class OptionItemEntity {
  @PrimaryColumn('text') type!: string;
  @PrimaryColumn('integer') id!: number;
  @Column('text') text!: string;
  @Column('integer', { name: 'sort_order' }) sortOrder!: number;
}
