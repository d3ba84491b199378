import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ConsentController } from './consent.controller';

@Module({ imports: [AccountsModule], controllers: [ConsentController] })
export class ConsentModule {}
