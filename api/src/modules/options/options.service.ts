import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OptionItemDto } from '../../contracts/options';
import { isOptionType, OPTION_TYPES } from '../../contracts/option-lists';
import { selectRows } from '../../core/database/sql-table';
import { optionItemTable } from './option-item.table';
import { requestError } from '../../core/http/field-errors';

/** Option lists are reference data that only migrations change, so one read per process is enough. */
@Injectable()
export class OptionsService {
  private cache: Promise<Map<string, OptionItemDto[]>> | undefined;

  constructor(private readonly dataSource: DataSource) {}

  private load(): Promise<Map<string, OptionItemDto[]>> {
    this.cache ??= selectRows(this.dataSource, optionItemTable, 'o', 'true', [], { orderBy: 'o.type, o.sort_order' }).then((rows) => {
      const lists = new Map<string, OptionItemDto[]>(OPTION_TYPES.map((t) => [t, []]));
      for (const row of rows) lists.get(row.type)?.push({ id: row.id, text: row.text });
      return lists;
    });
    this.cache.catch(() => (this.cache = undefined));
    return this.cache;
  }

  async list(type: string): Promise<OptionItemDto[]> {
    if (!isOptionType(type)) throw requestError(`Unknown option type '${type}'`);
    return (await this.load()).get(type) ?? [];
  }

  async all(): Promise<Record<string, OptionItemDto[]>> {
    return Object.fromEntries(await this.load());
  }

  async securityQuestions(): Promise<{ value: string; label: string }[]> {
    return (await this.list('securityQuestion')).map((q) => ({ value: String(q.id), label: q.text }));
  }

  /** True when the id exists in the list (used by validation of submitted ids). */
  async has(type: string, id: number): Promise<boolean> {
    return (await this.list(type)).some((item) => item.id === id);
  }
}
