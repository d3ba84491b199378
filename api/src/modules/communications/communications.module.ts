import { Module } from '@nestjs/common';
import { RegistrationModule } from '../registration/registration.module';
import { CampaignSender } from './campaign-sender.service';
import { CampaignsService } from './campaigns.service';
import { CommunicationsController } from './communications.controller';
import { ContactsService } from './contacts.service';
import { RecipientLedger } from './recipient-ledger';

@Module({
  imports: [RegistrationModule],
  controllers: [CommunicationsController],
  providers: [CampaignsService, CampaignSender, ContactsService, RecipientLedger],
  exports: [CampaignsService, CampaignSender, ContactsService],
})
export class CommunicationsModule {}
