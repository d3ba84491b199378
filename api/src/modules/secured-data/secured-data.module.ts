import { Global, Module } from '@nestjs/common';
import { PasswordConfirmation } from './password-confirmation.service';
import { SecuredDataUnlockGuard } from './secured-data-unlock.guard';

/** Global so every feature with a `.../personal` route can use @SecuredDataUnlock() without imports. */
@Global()
@Module({
  providers: [PasswordConfirmation, SecuredDataUnlockGuard],
  exports: [PasswordConfirmation, SecuredDataUnlockGuard],
})
export class SecuredDataModule {}
