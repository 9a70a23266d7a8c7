import { ApiPath } from '@portal/contracts/api-paths';
import type {
  ProspectAnswers,
  ProspectLink,
  Registered,
  RegisterInput,
  RegisterTicket,
  TransportAgreement,
} from '@portal/contracts/registration';
import type { CodeSent, PhoneCodeRequest } from '@portal/contracts/verification-code';
import { http } from '../../../lib/http/client';

/** `POST /api/Register/SendSMS?userPhone=`. */
export const sendRegisterSms = (userPhone: string) =>
  http.post<CodeSent>(ApiPath.RegisterSendSms, undefined, { params: { userPhone }, silent: true });

/** `POST /api/Register/CheckVerificationCode`: spends the code, answers the registerTicket. */
export const checkRegisterCode = (body: PhoneCodeRequest) =>
  http.post<RegisterTicket>(ApiPath.RegisterCheckVerificationCode, body, { silent: true });

/** `POST /api/Register/Register`. */
export const registerCompany = (body: RegisterInput) =>
  http.post<Registered>(ApiPath.Register, body, { silent: true });

/** `GET /api/Register/GetLogisticsTransportAgreement`. */
export const getAgreement = () => http.get<TransportAgreement>(ApiPath.GetLogisticsTransportAgreement);

/** `GET /api/CustomerInfoLink/Get?token=`. */
export const getProspectLink = (token: string) =>
  http.get<ProspectLink>(ApiPath.GetProspectLink, { params: { token } });

/** `POST /api/CustomerInfoLink/Submit`. */
export const submitProspectLink = (token: string, answers: ProspectAnswers) =>
  http.post<null>(ApiPath.SubmitProspectLink, { token, answers }, { silent: true });
