import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FormFieldType, FormFilterOperator } from '../../contracts/forms';
import type { SignedSummary } from './signed-summary';

/** An additional-information question of a client (document 2 section 3 "Form question"). */
@Entity('form_question')
export class FormQuestionEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('text') section!: string;
  @Column('text', { name: 'user_prompt' }) userPrompt!: string;
  @Column('text', { name: 'field_type' }) fieldType!: FormFieldType;
  @Column('boolean') required!: boolean;
  @Column('boolean', { name: 'per_dependent' }) perDependent!: boolean;
  @Column('integer', { name: 'filter_field_id', nullable: true }) filterFieldId!: number | null;
  @Column('text', { name: 'filter_operator', nullable: true }) filterOperator!: FormFilterOperator | null;
  @Column('text', { name: 'filter_value', nullable: true }) filterValue!: string | null;
  @Column('integer', { name: 'sort_order' }) sortOrder!: number;
  @Column('boolean') active!: boolean;
}

@Entity('form_question_option')
export class FormQuestionOptionEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'question_id' }) questionId!: number;
  @Column('text') text!: string;
  @Column('integer', { name: 'sort_order' }) sortOrder!: number;
}

/** One answer of the employee (dependentId null) or of one dependent. */
@Entity('form_answer')
export class FormAnswerEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'employee_id' }) employeeId!: number;
  @Column('integer', { name: 'question_id' }) questionId!: number;
  @Column('integer', { name: 'dependent_id', nullable: true }) dependentId!: number | null;
  @Column('text') info!: string;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

/** A signature of the registration (step 7): its image, what was signed, and the signed summary PDF once written. */
@Entity('signature')
export class SignatureEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'employee_id' }) employeeId!: number;
  @Column('text') kind!: 'registration';
  @Column('integer', { name: 'image_file_id' }) imageFileId!: number;
  @Column('integer', { name: 'summary_file_id', nullable: true }) summaryFileId!: number | null;
  @Column('integer', { name: 'open_enrollment_period_id', nullable: true }) openEnrollmentPeriodId!: number | null;
  @Column('text', { nullable: true }) ip!: string | null;
  @Column('jsonb') summary!: SignedSummary;
  @Column('timestamptz', { name: 'signed_at' }) signedAt!: Date;
}
