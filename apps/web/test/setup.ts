import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default; on a machine at load 10 a lazy chunk or an antd
// animation can take longer. The bound only ends a hang: the checks pass as soon as they hold.
configure({ asyncUtilTimeout: 15_000 });
