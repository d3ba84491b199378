import { ZElectionViewQuery } from '../../contracts/enrollments';
import { createZodDto } from '../../core/http/zod-dto';

/** ?view=draft|signed on the reads the wizard and the dashboard share (GET /enrollments, GET /summary). */
export class ElectionViewQueryDto extends createZodDto(ZElectionViewQuery) {}
