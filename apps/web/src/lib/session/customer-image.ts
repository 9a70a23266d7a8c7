import { useQuery } from '@tanstack/react-query';
import { ApiPath } from '@portal/contracts/api-paths';
import type { CertPhotoKind, ProfileImageKind } from '@portal/contracts/customer-info';
import { http } from '../http/client';

export type ImageSource = { kind: ProfileImageKind; photo?: never } | { photo: CertPhotoKind; kind?: never };

function blobAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * `GET /api/CustomerInfo/GetImage?kind=` or `GetCertPhoto?kind=`: the picture as a data URL. An `<img src>`
 * cannot send the bearer token, so the request client fetches it; `version` (the upload time) is in the
 * key, so a new upload shows at once and no picture is asked for before one exists.
 */
export function useImage(source: ImageSource, version: string | null) {
  const [path, kind] = source.kind
    ? [ApiPath.GetProfileImage, source.kind]
    : [ApiPath.GetCertPhoto, source.photo];
  return useQuery({
    queryKey: ['customerInfo', 'image', path, kind, version],
    enabled: version !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const file = await http.download(path, { params: { kind }, signal, silent: true });
      return blobAsDataUrl(file.blob);
    },
  });
}
