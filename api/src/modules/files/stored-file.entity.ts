import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type FileType = 'carrier' | 'client' | 'personal';

/** A stored document: carrier and client files belong to the client, personal files to one employee. */
@Entity('file')
export class StoredFile {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'employee_id', nullable: true }) employeeId!: number | null;
  @Column('text') title!: string;
  @Column('text', { name: 'file_type' }) fileType!: FileType;
  @Column('text', { name: 'storage_key' }) storageKey!: string;
  @Column('text', { name: 'content_type' }) contentType!: string;
  @Column('integer', { name: 'size_bytes' }) sizeBytes!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
