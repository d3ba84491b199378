import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SecuredDataCipher } from './secured-data';

@Global()
@Module({
  providers: [
    {
      provide: SecuredDataCipher,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SecuredDataCipher(config.dataKeys, config.dataKeyId),
    },
  ],
  exports: [SecuredDataCipher],
})
export class CryptoModule {}
