import { CONSUMPTION_FLOW_MESSAGES } from '@portal/contracts/consumption-flow';
import { defineMessages } from '../../lib/messages.ts';

/** The consumption flow's validation texts (the contract names the keys). */
defineMessages(CONSUMPTION_FLOW_MESSAGES);
