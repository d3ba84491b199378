import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AccountTokenPurpose = 'registration' | 'password-reset';

/** A single-use emailed token. Only its SHA-256 is stored, so a database leak reveals no live link. */
@Entity('account_token')
export class AccountToken {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'account_id' }) accountId!: number;
  @Column('text') purpose!: AccountTokenPurpose;
  @Column('text', { name: 'token_hash' }) tokenHash!: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt!: Date | null;
  /** Wrong security answers given with this (reset) token; the token is burnt at the limit. */
  @Column('smallint', { name: 'failed_attempts', default: 0 }) failedAttempts!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
