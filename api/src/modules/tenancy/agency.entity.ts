import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('agency')
export class Agency {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('text') name!: string;
  @Column('text', { name: 'logo_url', nullable: true }) logoUrl!: string | null;
  @Column('text', { nullable: true }) website!: string | null;
}
