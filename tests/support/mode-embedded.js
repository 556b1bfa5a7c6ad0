process.env.E2E_MODE = 'embedded';
